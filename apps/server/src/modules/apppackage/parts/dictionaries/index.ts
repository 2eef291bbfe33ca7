import { installDictionary, parkDictionaries } from '../../repo.ts';
import type { ServerPartKind } from '../types.ts';

/** Dictionaries: the park's, entries added to one the installation already has; 卸载 leaves them (other forms may choose from them). */
export const serverDictionaries: ServerPartKind<'dictionaries'> = {
  key: 'dictionaries',
  export: (db, sel) => parkDictionaries(db, sel.dictionaries),
  async install(dicts, { trx }) {
    const out = [];
    for (const d of dicts) out.push({ kind: 'dictionary' as const, code: d.typeCode, localId: await installDictionary(trx, d) });
    return out;
  },
};
