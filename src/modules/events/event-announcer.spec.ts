import { announcementPayloads, parseAnnouncement } from './event-announcer.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('event announcements', () => {
  it('carries each campaign with its highest seq, and reads back what it wrote', () => {
    const heads = new Map([
      [uuid(1), 7],
      [uuid(2), 12_345],
    ]);
    const payloads = announcementPayloads(heads);
    expect(payloads).toEqual([`${uuid(1)}:7,${uuid(2)}:12345`]);
    expect(payloads.flatMap(parseAnnouncement)).toEqual([...heads]);
  });

  it('splits a large announcement into payloads Postgres accepts (under 8 000 bytes), losing no campaign', () => {
    const heads = new Map(Array.from({ length: 1_000 }, (_, i) => [uuid(i), i + 1] as const));
    const payloads = announcementPayloads(heads);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    expect(new Map(payloads.flatMap(parseAnnouncement))).toEqual(heads);
  });

  it('sends nothing for nothing, and skips malformed entries', () => {
    expect(announcementPayloads(new Map())).toEqual([]);
    expect(parseAnnouncement('')).toEqual([]);
    expect(parseAnnouncement(`${uuid(1)}:x,:4,${uuid(2)}:3,nonsense`)).toEqual([[uuid(2), 3]]);
  });
});
