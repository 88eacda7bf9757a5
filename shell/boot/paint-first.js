// The shell's loader on a page that arrived with a first view (docs/architecture.md, server-side
// composition): the page's words are already in #content, so they go on the screen before the
// shell's JavaScript is fetched and run, instead of after. It waits for the browser's own report
// of the first contentful paint, which comes once that frame is on the screen; it asks the
// browser for no frame of its own. On other pages, in a hidden tab (which paints nothing) or in
// a browser without paint timing, main.js loads at once. A plain script outside the bundle: it
// runs before anything of the bundle is there. It is a blocking script in <head> (fetched
// alongside the stylesheet, which blocks the first paint anyway), so what it does itself, above
// all opening localStorage, is done before the first paint instead of after it.
(function () {
  var me = document.currentScript;
  var main = me && me.getAttribute('data-main');
  if (!main) return;
  // The shared first-load chunks main.js asks for as soon as it runs: fetched alongside it.
  var preload = (me.getAttribute('data-preload') || '').split(' ');
  var started = false;
  function load() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.src = main;
    document.head.appendChild(script);
    for (var i = 0; i < preload.length; i++) {
      if (!preload[i]) continue;
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = preload[i];
      document.head.appendChild(link);
    }
  }
  // The first use of localStorage in a page waits for the browser to open it (bench/README.md,
  // "Paint first"); the federation runtime's debug check and the stored language read it as
  // soon as main.js runs. Opened here, before the first paint, it is ready
  // by then.
  try {
    void window.localStorage.length;
  } catch (e) {
    void e; // no storage in this browser: the shell copes
  }
  // #content is there once the document is parsed.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();

  function start() {
    var content = document.getElementById('content');
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (
      !content ||
      !content.firstElementChild ||
      document.visibilityState === 'hidden' ||
      types.indexOf('paint') < 0
    ) {
      load();
      return;
    }
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      load();
    });
    observer.observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'hidden') load();
    });
    // Should the report never come, the page still starts.
    setTimeout(load, 3000);
  }
})();
