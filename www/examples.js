// The demo's indexes and example questions with their scopes: the page's
// index picker and example buttons and the JS tests (which compare the page
// with the CLI on each) read these lists. `id` names an example in the tests;
// `label` is what the button shows; `index` names the index it is asked over
// (a file next to the page, built by `make wasm`; the first one by default).
export const INDEXES = [
  { file: 'sample.idx', label: 'Help centre (runbooks, policies, memory)' },
  { file: 'open.idx', label: 'Encyclopedia (open text, no catalog)' },
];

export const DEFAULT_INDEX = INDEXES[0].file;

/** The index an example is asked over. */
export const exampleIndex = (example) => example.index ?? DEFAULT_INDEX;

export const EXAMPLES = [
  {
    id: 'incident multi-hop',
    label: 'Incident → runbook (multi-hop)',
    question: 'Which rollback rule applies to the service that failed after the second retry?',
    scope: { access: ['public', 'operations'], environment: 'production' },
  },
  {
    id: 'travel deadlines 2026 vs 2025',
    label: '差旅报销 2026 vs 2025',
    question: '今年境内差旅报销的提交期限比去年缩短了多少?境内报销审批后多久付款?境外的提交期限也与境内一样吗?',
    scope: { today: '2026-03-15' },
  },
  {
    id: 'designated overseas supplement',
    label: '指定文件 → 补充办法',
    question: 'TRAVEL-2026-01 指定的海外补充办法,对境外报销提交有什么要求?',
    scope: { today: '2026-03-15' },
  },
  {
    id: 'refund window + cash',
    label: 'Refund window + cash',
    question: 'What is the refund window for electronics, and can I get cash instead of store credit?',
  },
  {
    id: 'personal memory',
    label: 'Personal memory (Priya)',
    question: 'where do I work and what should I not eat?',
    scope: { user: 'Priya' },
  },
  {
    id: 'embed widget html',
    label: 'Embed widget (HTML in text)',
    question: 'How do I embed the help widget with HTML?',
  },
  {
    id: 'open bridge: director born',
    label: 'Film → director → born (open text)',
    question: 'In what year was the director of the film The Lantern Keeper born?',
    index: 'open.idx',
  },
  {
    id: 'open comparison: formed first',
    label: 'Which band formed first? (open text)',
    question: 'Which band was formed first, The Tidewalkers or The Greywell Sisters?',
    index: 'open.idx',
  },
];
