/* The interactive API documentation at /docs: Swagger UI (vendored in static/vendor/swagger-ui),
   started from this file because the Content-Security-Policy allows no inline script. */
(function () {
  "use strict";
  window.addEventListener("DOMContentLoaded", function () {
    window.SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true });
  });
})();
