// docs.html?site=astro points the page's widget at another bundle: the Astro
// docs (MDX, English and Chinese), built into www/astro/ by `make demo` when
// ../shared/data is present. Without the parameter the page searches the
// fixture site in www/docs/. Only the names below are accepted.
const SITES = {
  astro: {
    bundle: './astro/',
    base: 'https://docs.astro.build/',
    label: 'Search the Astro docs',
    placeholder: 'Ask, e.g. how do I add a sitemap and how do I deploy to Netlify?',
    title: 'Astro documentation (a real docs site)',
  },
};

const site = SITES[new URLSearchParams(location.search).get('site') ?? ''];
if (site) {
  const widget = document.querySelector('slotchain-search');
  widget.setAttribute('bundle', site.bundle);
  widget.setAttribute('base', site.base);
  widget.setAttribute('label', site.label);
  widget.setAttribute('placeholder', site.placeholder);
  const h1 = document.querySelector('main h1');
  if (h1) h1.textContent = site.title;
}
