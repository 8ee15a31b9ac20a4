import fc from 'fast-check';

/**
 * Hostile but bounded inputs for the route fuzzer (decisions 8, 13): out-of-range and malformed numbers,
 * NUL bytes, wrong types, deep nesting, long strings, JSON filters with wrong types, and (for
 * multipart routes) random form fields and files.
 */

/** Numbers the issue saw accepted or crash: int4 overflow, 1e308, negatives, fractions. */
const nastyNumber = fc.constantFrom(2147483648, -2147483649, 1e308, -1e308, -1, 0, 1.5, Number.MAX_SAFE_INTEGER + 2, Number.MAX_SAFE_INTEGER, 4294967296, 99999);

const nastyString = fc.oneof(
  fc.constantFrom('', ' ', 'abc', '\u0000', 'a\u0000b', '2147483648', '1e308', '-1', '1.5', 'null', 'true', '[]', '{}', '../../etc/passwd', '<script>alert(1)</script>', "' OR 1=1 --", 'Ω≈ç√', '\uD800'),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => 'я'.repeat(n)),
);

/** Any scalar, array or object, bounded in depth, with the nasty values above mixed in. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyNumber,
    nastyString,
    fc.constantFrom(null, true, false),
    fc.integer(),
    fc.double(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Deeply nested arrays or objects (parsers and validators must not fall over). */
const deep = fc.integer({ min: 50, max: 2000 }).chain((depth) =>
  fc.boolean().map((arrays) => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
    return v;
  }),
);

/** Field names the routes read, so random values reach the validators instead of "missing data". */
const knownKeys = [
  'id', 'unit_id', 'region_id', 'organization_id', 'contact_id', 'contact_kind', 'request_kind_id', 'tool_id', 'request_id', 'requestId',
  'title', 'name', 'surname', 'login', 'password', 'username', 'email', 'phone', 'users_roles', 'units', 'access_level', 'rightsObject',
  'role_order', 'role_is_hotline', 'comment', 'request_text', 'revision', 'state', 'newNumber', 'newDate', 'usersIds', 'notificationType',
  'notificationInfo', 'unitsIds', 'requestText', 'requestKindId', 'engineers', 'engineer_ids', 'spares', 'works', 'pageNumber', 'text',
  'hotline_worker', 'is_inactive', 'code', 'tool_kind_id', 'manufacturer_id', 'model', 'type', 'programs_org_types', 'vncode', 'host_id',
  'is_host', 'filesList', 'newDocsList', 'oldDocsList', 'toolsCommissioning', 'sparesPbs', 'studentsList', 'date_beg', 'date_end',
  // Tool card and set (decisions 41–47).
  'serial_number', 'inventar_number', 'owner_type_id', 'cost_remain', 'work_in_dt', 'guaranty_months', 'traits', 'tool_places', 'tool_movings', 'tool_softwares', 'tools', 'oldToolsIds',
];
/** Wrappers the routes expect around an entity (request, user, catalogue payload keys, ...). */
const wrapperKeys = [
  'request', 'user', 'userUnits', 'organization', 'role', 'requestComment', 'post', 'region', 'kind', 'manufacturer', 'program',
  'programSubsystem', 'serviceRepair', 'disrepair', 'toolKind', 'toolSetName', 'toolModel', 'tool', 'toolsSet',
];

const entity = fc.dictionary(fc.constantFrom(...knownKeys), nastyValue, { maxKeys: 8 });

/** A JSON body: an object of known wrappers and fields with wrong types, or any other JSON value. */
export const jsonBody: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ wrapper: fc.constantFrom(...wrapperKeys), inner: fc.oneof(entity, nastyValue), extra: entity }).map(({ wrapper, inner, extra }) => ({ ...extra, [wrapper]: inner })),
  entity,
  nastyValue,
  deep,
);

/** JSON filters in a path segment or query: known filter keys with wrong types. */
const filterJson = fc
  .dictionary(fc.constantFrom('pageNumber', 'unit_id', 'units_ids', 'region_id', 'request_id', 'tool_id', 'toolId', 'state', 'status', 'text', 'hotline_worker', 'organization_id', 'role_id', 'programs', 'date_beg', 'date_end', 'export', 'title'), nastyValue, { maxKeys: 5 })
  .map((f) => JSON.stringify(f));

/** A raw path parameter (before encoding): nasty numbers, strings, NUL bytes, filters, or a real id. */
export const pathParam = (validIds: readonly number[]): fc.Arbitrary<string> =>
  fc.oneof(
    nastyNumber.map(String),
    fc.constantFrom('2147483648', '1e308', '-1', '1.5', '0', '00001', '0x10', 'abc', '\u0000', '1\u0000', '%', 'null', 'undefined', '[]', '{', 'xlsx', 'docx', 'attachments', 'take', 'assign'),
    filterJson,
    fc.string({ maxLength: 30 }),
    fc.integer({ min: 1, max: 3000 }).map((n) => '9'.repeat(n)),
    ...(validIds.length ? [fc.constantFrom(...validIds.map(String))] : []),
  );

/** A query string (without '?'), maybe empty. */
export const queryString: fc.Arbitrary<string> = fc
  .dictionary(fc.constantFrom('pageNumber', 'text', 'title', 'unit_id', 'region_id', 'state', 'hotline', 'program_id', 'filter', 'is_host', 'host_id', 'type', 'is_verified', 'tool_kind_id'), fc.oneof(nastyNumber.map(String), nastyString, filterJson), { maxKeys: 3 })
  .map((q) => new URLSearchParams(q).toString());

export interface MultipartInput {
  readonly fields: Record<string, string>;
  readonly files: Array<{ field: string; name: string; content: Buffer; type: string }>;
}

/** Random form fields (JSON text of wrong shapes) and small files with hostile names. */
export const multipartBody: fc.Arbitrary<MultipartInput> = fc.record({
  fields: fc.dictionary(fc.constantFrom(...wrapperKeys, ...knownKeys), fc.oneof(jsonBody.map((v) => JSON.stringify(v) ?? 'null'), nastyString), { maxKeys: 5 }),
  files: fc.array(
    fc.record({
      field: fc.constantFrom('files', 'file', 'x', 'documents', 'pictures'),
      name: fc.oneof(fc.constantFrom('акт.pdf', '../../evil.sh', 'a\u0000.pdf', 'x'.repeat(300) + '.pdf', '', '.', 'file.exe'), fc.string({ maxLength: 20 })),
      content: fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
      type: fc.constantFrom('application/pdf', 'image/png', 'text/plain', 'application/x-msdownload', ''),
    }),
    { maxLength: 3 },
  ),
});

/** A raw body that is not valid JSON or not the declared type. */
export const rawBody: fc.Arbitrary<{ payload: string; contentType: string }> = fc.record({
  payload: fc.oneof(fc.constantFrom('{', '{"a":', 'null', '[]', '""', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', ''), fc.string({ maxLength: 50 })),
  contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=zzz', 'application/xml'),
});

type Path = Array<string | number>;

/** Every path to a value inside a JSON-like body (objects and arrays walked, leaves and inner nodes). */
const pathsOf = (value: unknown, at: Path = []): Path[] => {
  if (value === null || typeof value !== 'object') return [at];
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return [at, ...entries.flatMap(([k, v]) => pathsOf(v, [...at, k]))];
};

const setAt = (value: unknown, path: Path, next: unknown): unknown => {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  const copy: Record<string | number, unknown> = Array.isArray(value) ? [...(value as unknown[])] as unknown as Record<number, unknown> : { ...(value as Record<string, unknown>) };
  copy[head!] = setAt(copy[head!], rest, next);
  return copy;
};

/**
 * A valid body with one value replaced by a hostile one (or one known field added beside it): the
 * rest of the body passes validation, so the hostile value reaches the command and, if the write
 * side lets it through, the event log (2147483648 as a contact id was stored that way).
 */
export const mutantOf = (valid: unknown): fc.Arbitrary<unknown> => {
  const paths = pathsOf(valid).filter((p) => p.length > 0);
  const replace = paths.length ? fc.tuple(fc.constantFrom(...paths), nastyValue).map(([p, v]) => setAt(valid, p, v)) : null;
  const objects = pathsOf(valid).filter((p) => {
    const v = p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], valid);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  });
  const add = objects.length ? fc.tuple(fc.constantFrom(...objects), fc.constantFrom(...knownKeys), nastyValue).map(([p, k, v]) => setAt(valid, [...p, k], v)) : null;
  const options = [replace, add].filter((a): a is fc.Arbitrary<unknown> => a !== null);
  return options.length ? fc.oneof(...options) : fc.constant(valid);
};

/** Valid path parameters with one of them replaced by a hostile value. */
export const mutantParams = (valid: readonly string[], validIds: readonly number[]): fc.Arbitrary<string[]> =>
  valid.length === 0 ? fc.constant([]) : fc.tuple(fc.nat({ max: valid.length - 1 }), pathParam(validIds)).map(([i, v]) => valid.map((p, j) => (j === i ? v : p)));
