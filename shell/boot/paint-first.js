// The shell's loader on a page that arrived with a first view (docs/architecture.md, server-side
// composition): the page's words are already in #content, so they are painted before the shell's
// JavaScript is fetched and run, instead of after. On other pages, or without
// requestAnimationFrame, main.js loads at once. A plain script, outside the bundle: it must run
// before anything of the bundle is there.
(function () {
  var me = document.currentScript;
  var main = me && me.getAttribute('data-main');
  if (!main) return;
  var started = false;
  function load() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.src = main;
    document.head.appendChild(script);
  }
  var content = document.getElementById('content');
  if (!content || !content.firstElementChild || !window.requestAnimationFrame) {
    load();
    return;
  }
  // The callback runs just before the next paint; the timeout after that paint.
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
  // A hidden tab paints nothing: do not wait for it.
  setTimeout(load, 300);
})();
