/** CRC-32C (Castagnoli), the checksum of Kafka record batches (magic 2). */
const POLYNOMIAL = 0x82f63b78;

// Slicing-by-8 tables: eight lookups per 8 bytes keeps verification cheap next to the write.
const TABLES: Uint32Array[] = (() => {
  const tables = Array.from({ length: 8 }, () => new Uint32Array(256));
  for (let byte = 0; byte < 256; byte += 1) {
    let crc = byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ POLYNOMIAL : crc >>> 1;
    tables[0][byte] = crc >>> 0;
  }
  for (let byte = 0; byte < 256; byte += 1) {
    for (let slice = 1; slice < 8; slice += 1) {
      const previous = tables[slice - 1][byte];
      tables[slice][byte] = (previous >>> 8) ^ tables[0][previous & 0xff];
    }
  }
  return tables;
})();

export function crc32c(data: Uint8Array, start = 0, end = data.length): number {
  const [t0, t1, t2, t3, t4, t5, t6, t7] = TABLES;
  let crc = 0xffffffff;
  let index = start;
  while (end - index >= 8) {
    const low =
      (crc ^ (data[index] | (data[index + 1] << 8) | (data[index + 2] << 16) | (data[index + 3] << 24))) >>>
      0;
    crc =
      t7[low & 0xff] ^
      t6[(low >>> 8) & 0xff] ^
      t5[(low >>> 16) & 0xff] ^
      t4[low >>> 24] ^
      t3[data[index + 4]] ^
      t2[data[index + 5]] ^
      t1[data[index + 6]] ^
      t0[data[index + 7]];
    index += 8;
  }
  while (index < end) {
    crc = t0[(crc ^ data[index]) & 0xff] ^ (crc >>> 8);
    index += 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
