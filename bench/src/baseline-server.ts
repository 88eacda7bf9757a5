// The sign-up baseline: the least an Express + pg endpoint can do for a sign-up — parse the
// JSON body, then one INSERT of the sign-up and one outbox INSERT in a transaction — on the
// same Express and pg versions and pool size as the services. Started by the benchmark as its
// own process (like a service), on its own port, with its own tables in a scratch schema.
import { randomUUID } from 'node:crypto';
import express from 'express';
import pg from 'pg';

const port = Number(process.env.PORT);
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_MAX ?? 10),
  options: `-c search_path=${process.env.DB_SCHEMA ?? 'bench_baseline'}`,
});

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.use(express.json({ limit: '64kb' }));
app.post('/api/registrations', async (req, res) => {
  const b = req.body as Record<string, string>;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO registrations (activity_id, child_first_name, child_last_name, child_date_of_birth,
         child_group, parent_name, email, phone)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        b.activityId,
        b.childFirstName,
        b.childLastName,
        b.childDateOfBirth,
        b.childGroup,
        b.parentName,
        b.email,
        b.phone,
      ],
    );
    const id = rows[0]!.id;
    await client.query('INSERT INTO outbox (id, subject, data) VALUES ($1, $2, $3)', [
      randomUUID(),
      'registrations.registration.created',
      JSON.stringify({ registrationId: id, activityId: b.activityId, status: 'new' }),
    ]);
    await client.query('COMMIT');
    res.status(201).json({ success: true, registration: { id, status: 'new' } });
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    res.status(500).json({ message: (err as Error).message, code: 'INTERNAL' });
  } finally {
    client.release();
  }
});

const server = app.listen(port, '127.0.0.1', () => {
  process.stdout.write(`baseline listening on ${port}\n`);
});
server.keepAliveTimeout = 65_000;
const stop = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
