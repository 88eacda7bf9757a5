import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditEntry } from '@nsa/contracts';
import en from '../../src/i18n/en.json';
import nl from '../../src/i18n/nl.json';
import {
  AUDIT_ACTION_LIST,
  NO_AUDIT_FILTERS,
  auditQuery,
  auditRangeInverted,
  buildAuditCsv,
  changesText,
  hasAuditFilters,
} from '../../src/audit/lib/audit';

const entry: AuditEntry = {
  id: '2f0e1d3c-4b5a-4978-8695-a4b3c2d1e0f9',
  at: '2026-03-02T10:00:00.000Z',
  actor: { type: 'admin', id: '3', name: '=Beheer' },
  action: 'school.updated',
  target: { type: 'school', id: '7' },
  changes: { name: { before: 'De Linde', after: 'De Eik' }, email: { personal: true } },
  reason: null,
};

describe('audit log screen (R-AUDIT-SCREEN)', () => {
  it('asks for the filters that are set, the page and the page size', () => {
    expect(auditQuery(NO_AUDIT_FILTERS, 1, 50)).toBe('page=1&limit=50');
    expect(
      auditQuery(
        { ...NO_AUDIT_FILTERS, action: 'login.failed', actorId: ' 4 ', to: '2026-03-02' },
        3,
        50,
      ),
    ).toBe('action=login.failed&actorId=4&to=2026-03-02&page=3&limit=50');
  });

  it('knows when filters are set and when the range is the wrong way round', () => {
    expect(hasAuditFilters(NO_AUDIT_FILTERS)).toBe(false);
    expect(hasAuditFilters({ ...NO_AUDIT_FILTERS, targetType: 'school' })).toBe(true);
    expect(auditRangeInverted({ ...NO_AUDIT_FILTERS, from: '2026-03-02', to: '2026-03-01' })).toBe(
      true,
    );
    expect(auditRangeInverted({ ...NO_AUDIT_FILTERS, from: '2026-03-02', to: '2026-03-02' })).toBe(
      false,
    );
  });

  it('shows before and after of a field, and only the name of a personal one', () => {
    expect(changesText(entry.changes, 'personal')).toBe(
      'name: De Linde → De Eik; email (personal)',
    );
    expect(changesText({ capacity: { before: null, after: 12 } }, 'p')).toBe('capacity: 12');
    expect(changesText({ isHidden: { before: true, after: null } }, 'p')).toBe(
      'isHidden: true → –',
    );
    expect(changesText(null, 'p')).toBe('');
  });

  it('writes the CSV with its header, one line per entry, and neutralises a formula', async () => {
    const csv = await buildAuditCsv([entry]);
    const [header, line] = csv.replace('\uFEFF', '').split('\r\n');
    expect(header).toBe(
      'Tijdstip;Actor type;Actor id;Actor naam;Actie;Doel type;Doel id;Wijzigingen;Reden;Id',
    );
    expect(line).toContain(`;"'=Beheer";school.updated;school;7;`);
    expect(line).toContain('name: De Linde → De Eik; email (persoonsgegeven gewijzigd)');
  });

  it('names every action in nl and en', () => {
    expect(AUDIT_ACTION_LIST).toHaveLength(new Set(Object.values(AUDIT_ACTIONS)).size);
    for (const a of AUDIT_ACTION_LIST) {
      const key = a.replace('.', '_');
      expect((nl.audit.actions as Record<string, string>)[key], a).toBeTruthy();
      expect((en.audit.actions as Record<string, string>)[key], a).toBeTruthy();
    }
  });
});
