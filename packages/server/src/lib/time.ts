/** The current instant as stored everywhere: ISO 8601 UTC with milliseconds ('2026-01-02T03:04:05.678Z'). */
export const nowIso = (): string => new Date().toISOString();
