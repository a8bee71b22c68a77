// The phase diagram follows furo's theme.  sphinxcontrib-mermaid draws a
// diagram again, in mermaid's "dark" or "default" theme, when the body's
// data-theme or class changes (furo's theme switch sets data-theme to "light",
// "dark" or "auto").  Under "auto" the theme follows the system's colour
// scheme, whose change touches no attribute: touch the body's class then, so
// that the diagram is drawn again in the new scheme's colours.
(function () {
  "use strict";
  if (!window.matchMedia) {
    return;
  }
  var scheme = window.matchMedia("(prefers-color-scheme: dark)");
  var follow = function () {
    var theme = document.body.dataset.theme;
    if (!theme || theme === "auto") {
      document.body.classList.toggle("wizard-scheme-changed");
    }
  };
  if (scheme.addEventListener) {
    scheme.addEventListener("change", follow);
  } else if (scheme.addListener) {
    scheme.addListener(follow); // Safari before 14
  }
})();
