// Words the components show a reader, in English and Chinese: durations
// with their unit and start event ("30 calendar days after travel ends",
// "30 个自然日（差旅结束后）"), counts with the right number ("1 part",
// "2 parts"), a part's name without plan placeholders, each state and reason
// in plain words, and whether a sentence is only link or navigation text.
//
// Guarantees: no function here returns a `{q1}`-style placeholder, a raw
// unit id (`calendar_day`) or a count with the wrong grammatical number.

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;

/** True when `text` holds Chinese (or Japanese) characters: the report speaks Chinese. */
export const isZh = (text) => CJK.test(String(text ?? ''));

/** "1 part", "2 parts" (English); Chinese has no plural: "2 个部分". */
export function count(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

const UNITS = {
  calendar_day: ['calendar day', 'calendar days', '个自然日'],
  working_day: ['working day', 'working days', '个工作日'],
  second: ['second', 'seconds', '秒'],
  minute: ['minute', 'minutes', '分钟'],
  hour: ['hour', 'hours', '小时'],
  week: ['week', 'weeks', '周'],
  month: ['month', 'months', '个月'],
  year: ['year', 'years', '年'],
};

export function formatNumber(n) {
  if (typeof n !== 'number') return String(n);
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

/** "30 calendar days", "1 working day", "30 个自然日". */
export function formatAmount(amount, unit, zh = false) {
  const plain = String(unit ?? '').replaceAll('_', ' ');
  const [one, many, chinese] = UNITS[unit] ?? [plain, plain, plain];
  if (zh) return `${formatNumber(amount)} ${chinese}`;
  return `${formatNumber(amount)} ${Math.abs(amount) === 1 ? one : many}`;
}

/** A duration with its start event: "30 calendar days after travel ends", "30 个自然日（差旅结束后）". */
export function formatDuration({ amount, unit, start }, zh = false) {
  const head = formatAmount(amount, unit, zh);
  if (!start) return head;
  return zh ? `${head}（${start}后）` : `${head} after ${start}`;
}

const PLACEHOLDER = /\{[A-Za-z0-9_-]+\}/g;

/**
 * How a part is named to a reader: its question, or — while the question
 * still holds an earlier step's placeholder (`{q1}`) — the part as it was
 * asked (`label`), else the question with each placeholder as "…".
 */
export function partName(slot) {
  const question = String(slot?.question ?? '');
  if (!PLACEHOLDER.test(question)) return question;
  PLACEHOLDER.lastIndex = 0;
  return slot.label || question.replace(PLACEHOLDER, '…');
}

// A state in plain words, for a reader who never saw the plan.
const STATE_WORDS = {
  supported: ['Answered', '已回答'],
  unresolved: ['Found, but not confirmed', '找到了资料，但无法确认'],
  missing: ['Not found in these docs', '文档中未找到'],
  blocked: ['Not answered: an earlier step was not found', '未回答：前一步未找到'],
  error: ['Could not be answered', '无法回答'],
};

export function stateWords(state, zh = false) {
  const words = STATE_WORDS[state];
  return words ? words[zh ? 1 : 0] : String(state);
}

// The engine's reasons for an unconfirmed part, in plain words.
const REASON_WORDS = {
  'service-join': 'the pages name different services',
  'environment-scope': 'the page found is for another environment',
  'stale-rule': 'the page found is superseded',
  access: 'the page needed is not readable with this access',
  budget: 'the search stopped before it was sure',
};

/** "stale-rule: runbook-71 (revision r7) is superseded" → "the page found is superseded". */
export function reasonWords(reason) {
  const code = String(reason ?? '').split(':')[0].trim();
  return REASON_WORDS[code] ?? null;
}

// Sentences that only point elsewhere: "See …", "Read more …", "More details
// from Netlify on …", "For more information, see …", "Learn how to …".
const NAVIGATION = [
  /^(see|read|learn|find out|check out|visit|refer to|go to|head to|jump to|continue to|follow)\b/i,
  /^(for )?more (details|info|information|on|about)\b/i,
  /^for (more|further|additional|full|a full|a complete|details|information)\b/i,
  /^(next|previous|back to|up next|related|edit this page|on this page)\b/i,
  /^(参见|请参阅|参阅|详见|更多|了解更多|阅读更多|查看|请查看|访问|下一步|上一页|下一页)/u,
  // "在我们的 Netlify 部署指南中学习……" (learn it in our guide)
  /^(请)?在.{0,30}(指南|文档|教程)\s*中\s*(学习|了解|查看)/u,
];

/** True when a sentence only links or navigates (it says where, never what). */
export function isNavigation(sentence) {
  const text = String(sentence ?? '').trim().replace(/^[\s>*#→»-]+/, '');
  if (text === '') return true;
  return NAVIGATION.some((re) => re.test(text));
}
