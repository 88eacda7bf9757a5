// What a service's tests run on: a private PostgreSQL and nats-server, sessions sealed as
// svc-identity seals them, a client, the shared basics suite and statement recording.
export * from './infra.js';
export { serviceBasicsSuite } from './basics.js';
export { testClient, until, type Answer, type TestClient } from './client.js';
export { apiAnswerProblem, apiDocumentPath, assertApiAnswer } from './api-doc.js';
export { recordStatements, type RecordedStatement, type StatementRecorder } from './statements.js';
