// Server-rendered pages load the app's code through this file (see src/server/spa-page.ts):
// once the server-rendered markup has been painted, so that code never competes with the
// styles and images that paint the page. The addresses are the build's own, passed in data attributes.
(function () {
  var tag = document.currentScript;
  function start() {
    var preloads = (tag.getAttribute('data-preload') || '').split(' ');
    for (var i = 0; i < preloads.length; i++) {
      if (!preloads[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = tag.getAttribute('data-entry');
    document.head.appendChild(script);
  }
  // requestAnimationFrame runs just before the next paint; the timeout, just after it.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
