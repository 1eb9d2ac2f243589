// docs.html?site=NAME points the page's widget at another bundle and makes
// the page that site's: its name, heading, description and "Try" questions.
// `astro` is the Astro docs (MDX, English and Chinese), built into
// www/astro/ by `make demo` when ../shared/data is present. Without the
// parameter the page searches the fixture site in www/docs/. A name not
// listed below keeps the fixture site and says so on the page.
const SITES = {
  astro: {
    name: 'Astro docs',
    bundle: './astro/',
    base: 'https://docs.astro.build/',
    label: 'Search the Astro docs',
    placeholder: 'Ask, e.g. how do I add a sitemap and how do I deploy to Netlify?',
    title: 'Astro documentation',
    // text, then [code] pieces
    intro: ['This page hosts the ', ['<slotchain-search>'], ' web component over ', ['astro/'], ', a bundle built by ',
      ['slotchain index ../shared/data/astro-docs/docs --bundle -o www/astro'],
      ' from the Astro docs (788 MDX pages in English and Chinese). Its links point to ', ['docs.astro.build'], '.'],
    questions: [
      'How do I add a sitemap and how do I deploy to Netlify?',
      'How do I add Tailwind and how do I use environment variables?',
      'What is an Astro island?',
    ],
  },
};

const name = new URLSearchParams(location.search).get('site');
const site = name ? SITES[name] : null;
const $ = (selector) => document.querySelector(selector);
const el = (tag, text, props = {}) => Object.assign(document.createElement(tag), { textContent: text, ...props });

if (site) {
  const widget = $('slotchain-search');
  for (const attr of ['bundle', 'base', 'label', 'placeholder']) widget.setAttribute(attr, site[attr]);
  document.title = `${site.name} — slotchain search widget`;
  $('.logo').textContent = site.name;
  $('.logo').href = `./docs.html?site=${encodeURIComponent(name)}`;
  $('main h1').textContent = site.title;
  $('#site-intro').replaceChildren(...site.intro.map((part) => (Array.isArray(part) ? el('code', part[0]) : part)));
  $('#try').replaceChildren(...site.questions.map((q) => el('li', q)));
  $('#other-site').replaceChildren('The small fixture site this demo ships with: ', el('a', 'Skiff docs', { href: './docs.html' }), '.');
} else if (name !== null) {
  const notice = $('#site-notice');
  notice.textContent = `There is no site called “${name}” here; this page searches the Skiff fixture docs. `
    + `Known sites: ${Object.keys(SITES).join(', ')}.`;
  notice.hidden = false;
}
