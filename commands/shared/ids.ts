/** Positive safe integers among `ids`, each once (an id no stream can have is simply not found). */
export const uniqueIds = (ids: readonly number[]): number[] => [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
