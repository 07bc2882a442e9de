import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Activity, Member } from '../../src/contract/entities/panelManagement.ts';
import { activateLocale, loadFullCatalogue } from '../../src/i18n/locale.ts';
import type { Entity, Row } from '../../src/contract/entity.ts';
import { csvText } from '../../src/panel/entity/entityCsv.ts';
import { entitySheet } from '../../src/panel/entity/entitySheet.ts';
import { sheetCsvRows } from '../../src/panel/spreadsheet/sheet.ts';

const open = { search: '', filters: {}, ranges: {} };

function entityCsv(entity: Entity, rows: Row[], titles: ReadonlyMap<string, ReadonlyMap<string, string>>): string {
  return csvText(sheetCsvRows(i18n, entitySheet(i18n, entity, rows, titles, open)));
}

beforeAll(async () => {
  await activateLocale('fa');
  await loadFullCatalogue();
});

describe('the CSV export of a list', () => {
  it('starts with a byte-order mark so Excel reads Persian, and names the list’s columns by the fields’ labels', () => {
    const csv = entityCsv(Member, [], new Map());
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')[0]).toBe('نام,نام کاربری,نقش,سمت شغلی,وضعیت');
  });

  it('writes names instead of ids, labels instead of option values, and quotes what needs quoting', () => {
    const roleId = '11111111-1111-4111-8111-111111111111';
    const row = {
      id: 'm1',
      version: 1,
      updatedAt: '',
      deleted: false,
      login: 'ali',
      roleId,
      title: 'انباردار، شیفت "شب"',
      userId: 'u1',
      displayName: 'علی',
      userName: 'ali',
      mobile: '09121234567',
      status: 'active',
      invitedUntil: null,
    };
    const csv = entityCsv(Member, [row], new Map([['roleId', new Map([[roleId, 'کارمند']])]]));
    expect(csv.split('\r\n')[1]).toBe('علی,ali,کارمند,"انباردار، شیفت ""شب""",عضو');
  });

  it('defuses a cell a spreadsheet would run as a formula', () => {
    const row = {
      id: 'a1',
      version: 1,
      updatedAt: '',
      deleted: false,
      at: null,
      actorName: '=HYPERLINK("x")',
      action: 'create',
      entity: 'x',
      rowTitle: '+1',
      rowId: 'r',
    };
    const line = entityCsv(Activity, [row], new Map()).split('\r\n')[1]!;
    expect(line).toContain(`"'=HYPERLINK(""x"")"`);
    expect(line).toContain("'+1");
    expect(line).toContain('ایجاد شد');
  });
});

describe('the sheet of a list', () => {
  it('writes the search and the filters on screen under the title', () => {
    const sheet = entitySheet(i18n, Member, [], new Map(), { search: 'علی', filters: { status: 'active' }, ranges: {} });
    expect(sheet.title).toBe(i18n._(Member.pluralLabel));
    expect(sheet.about).toEqual(['جستجو: علی', 'وضعیت: عضو']);
  });
});
