// R-API-DOC: renders /api/openapi.json with Swagger UI. "Try it out" is off: the page describes
// the API, it does not call it (the API's calls need a session or a link's secret).
/* global window, SwaggerUIBundle */
window.addEventListener('DOMContentLoaded', () => {
  SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#api-docs',
    deepLinking: true,
    supportedSubmitMethods: [],
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
  });
});
