/**
 * A workbook's shared strings, kept compactly: UTF-8 bytes in one growing buffer and their
 * offsets in a typed array, instead of one JavaScript string per entry (exceljs's own cache).
 * Excel writes every text cell as a shared string, so a million-row sheet can carry millions of
 * them; as JS strings they would take several times their text size in the heap.
 */
export class SharedStringStore {
  private bytes = Buffer.allocUnsafe(1 << 20);
  private used = 0;
  /** offsets[i] .. offsets[i + 1] are string i's bytes. */
  private offsets = new Uint32Array(1 << 14);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Strings arrive in index order (the order of the shared-strings part). */
  push(text: string): void {
    const need = Buffer.byteLength(text, 'utf8');
    // Offsets are 32-bit: the guard caps a workbook's unzipped size well below 4 GB.
    if (this.used + need > 0xffffffff) throw new Error('shared strings too large');
    if (this.used + need > this.bytes.length) {
      let size = this.bytes.length * 2;
      while (this.used + need > size) size *= 2;
      const grown = Buffer.allocUnsafe(size);
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    if (this.count + 2 > this.offsets.length) {
      const grown = new Uint32Array(this.offsets.length * 2);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    this.bytes.write(text, this.used, 'utf8');
    this.offsets[this.count] = this.used;
    this.used += need;
    this.count++;
    this.offsets[this.count] = this.used;
  }

  get(index: number): string | null {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return null;
    return this.bytes.toString('utf8', this.offsets[index]!, this.offsets[index + 1]!);
  }
}

/** A shared string's text: plain, or rich text runs joined. */
export function sharedText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && Array.isArray((value as { richText?: unknown }).richText)) {
    return (value as { richText: Array<{ text?: unknown }> }).richText.map((r) => (typeof r?.text === 'string' ? r.text : '')).join('');
  }
  return '';
}
