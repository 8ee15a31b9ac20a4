import { sqlTypeOf } from '../../../domain/shared/fields';
import { requestFieldNames } from '../../../domain/request';
import { requestFieldTypes } from './row';

const fieldDdl = requestFieldNames
  .map((f) => `      ${f} ${sqlTypeOf[requestFieldTypes[f]]}${f === 'id' ? ' PRIMARY KEY' : f === 'request_text' ? " NOT NULL DEFAULT ''" : requestFieldTypes[f] === 'bool' ? ' NOT NULL DEFAULT false' : ''}`)
  .join(',\n');

/**
 * rm_requests: one wide row per request, newest first by (request_date_add, id). Pages are read along
 * the sort key: (request_date_add, id) for every user, (unit_id, request_date_add, id) for the unit
 * scope and unit filter, (request_kind_id, request_date_add, id) for kinds. Region and status are
 * counted in rm_request_counts instead of indexed; the selective filters (number, hot line number,
 * result date, hot line engineer) have btrees, executors and tools GIN indexes; hard repairs and the
 * software kinds have covering indexes with their sub-filter columns, so a sub-filter over all units
 * reads an index only. Deleted requests are outside every partial index. The head-performer list
 * (SENIOR requests) has its own covering index, so its applicant-name search reads the index only.
 *
 * rm_request_counts keeps the number of live requests per period (every month YYYYMM and every whole
 * year YYYY00 of the registration date), region, status, kind, performer kind and `flags` (the list
 * toggles, see countFlags): the count of an all-units list filtered by these is a sum over a few
 * thousand rows instead of a count over the requests, and a deep page is found month by month
 * (projections/request/list/queries.ts). Lists of a unit scope count their rows through the unit index.
 */
export const requestsSchema = /* sql */ `
    CREATE TABLE rm_requests (
${fieldDdl},
      engineers integer[] NOT NULL DEFAULT '{}',
      works jsonb NOT NULL DEFAULT '[]',
      spares_pbs jsonb NOT NULL DEFAULT '[]',
      tools_commissioning jsonb NOT NULL DEFAULT '[]',
      students_list jsonb NOT NULL DEFAULT '[]',
      attachments jsonb NOT NULL DEFAULT '[]',
      documents jsonb NOT NULL DEFAULT '[]',
      deleted boolean NOT NULL DEFAULT false,
      comments_count integer NOT NULL DEFAULT 0,
      registered_by integer,
      returned boolean NOT NULL DEFAULT false,
      revision integer NOT NULL,
      spares jsonb NOT NULL DEFAULT '[]',
      year integer,
      tool_ids integer[] NOT NULL DEFAULT '{}',
      has_co_13 boolean NOT NULL DEFAULT false,
      has_co_3 boolean NOT NULL DEFAULT false,
      has_co_7 boolean NOT NULL DEFAULT false,
      has_co_8 boolean NOT NULL DEFAULT false,
      has_co_41 boolean NOT NULL DEFAULT false,
      has_co_42 boolean NOT NULL DEFAULT false,
      has_learning boolean NOT NULL DEFAULT false,
      unsigned_docs integer NOT NULL DEFAULT 0,
      cost_work numeric(14,2) NOT NULL DEFAULT 0,
      cost_spares numeric(14,2) NOT NULL DEFAULT 0,
      cost_spares_pbs numeric(14,2) NOT NULL DEFAULT 0
    ) WITH (fillfactor = 85);
    CREATE TABLE rm_request_counts (
      period integer NOT NULL,
      region_id integer NOT NULL,
      request_status_id integer NOT NULL,
      request_kind_id integer NOT NULL,
      request_performer_kind text NOT NULL,
      flags integer NOT NULL,
      count integer NOT NULL,
      PRIMARY KEY (period, region_id, request_status_id, request_kind_id, request_performer_kind, flags) INCLUDE (count)
    );
`;

/** rm_requests' secondary indexes (a rebuild creates them at its end). */
export const requestsIndexes = /* sql */ `
    CREATE INDEX rm_requests_date ON rm_requests (request_date_add DESC, id DESC) WHERE NOT deleted;
    CREATE INDEX rm_requests_unit_date ON rm_requests (unit_id, request_date_add DESC, id DESC) WHERE NOT deleted;
    CREATE INDEX rm_requests_number ON rm_requests (number) WHERE NOT deleted;
    CREATE INDEX rm_requests_hotline_number ON rm_requests (lower(hotlinegas_number) text_pattern_ops) WHERE NOT deleted AND hotlinegas_number IS NOT NULL;
    CREATE INDEX rm_requests_result_d ON rm_requests (result_d) WHERE NOT deleted AND result_d IS NOT NULL;
    -- Results by date within a unit list (the home chart's completed weeks of a branch): through the index above
    -- a branch's weeks fetched every unit's completed requests (51,000 rows for 1,951 at scale 1, 64 ms).
    CREATE INDEX rm_requests_unit_result_d ON rm_requests (unit_id, result_d) WHERE NOT deleted AND result_d IS NOT NULL;
    CREATE INDEX rm_requests_hotline_engineer ON rm_requests (engineer_id) WHERE NOT deleted AND engineer_id IS NOT NULL;
    CREATE INDEX rm_requests_engineers ON rm_requests USING gin (engineers) WHERE NOT deleted;
    CREATE INDEX rm_requests_tools ON rm_requests USING gin (tool_ids) WHERE NOT deleted;
    CREATE INDEX rm_requests_senior_date ON rm_requests (request_date_add DESC, id DESC)
      INCLUDE (contact_kind, contact_unknown_name, engineer_id) WHERE NOT deleted AND request_performer_kind = 'SENIOR';
    -- The open requests (the home page's numbers: a chief's branch by status, by engineer and the stale
    -- ones, an engineer's waiting requests, and the lists they open): a few hundred among a branch's
    -- thousands, read from the index alone (scale 0.1: 72 buffers instead of 6,800 a count).
    CREATE INDEX rm_requests_open ON rm_requests (unit_id, request_status_id, request_date_add DESC, id DESC) INCLUDE (engineers)
      WHERE NOT deleted AND request_status_id IN (1, 2, 3);
    -- The home page's 'my recent requests'.
    CREATE INDEX rm_requests_registered_by ON rm_requests (registered_by, request_date_add DESC, id DESC) WHERE NOT deleted AND registered_by IS NOT NULL;
    CREATE INDEX rm_requests_kind_date ON rm_requests (request_kind_id, request_date_add DESC, id DESC) WHERE NOT deleted;
    -- The hot line toggles 'without number' and 'not registered' match a few percent of the rows:
    -- a deep page read along rm_requests_date filtered a month of rows (200 ms at scale 1).
    CREATE INDEX rm_requests_no_hotline_number ON rm_requests (request_date_add DESC, id DESC)
      INCLUDE (region_id, unit_id, request_status_id, request_kind_id, request_performer_kind, hotline_email_register_sent)
      WHERE NOT deleted AND COALESCE(hotlinegas_number, '') = '';
    CREATE INDEX rm_requests_repair ON rm_requests (request_date_add DESC, id DESC)
      INCLUDE (region_id, unit_id, request_status_id, request_performer_kind, repair_kind_id, view_res_before, view_res_after,
               repair_type_id, repair_result_id, tool_in_d, tool_out_d, tool_id)
      WHERE NOT deleted AND request_kind_id = 2;
    CREATE INDEX rm_requests_software ON rm_requests (request_kind_id, request_date_add DESC, id DESC)
      INCLUDE (region_id, unit_id, request_status_id, request_performer_kind, program_id, result)
      WHERE NOT deleted AND request_kind_id IN (1, 4, 7, 11);
    -- The contact-name search (LIKE '%…%'), when migration 008 could create pg_trgm: without it the list
    -- read every request, 0.45-2 s at scale 1 (a name matching none the longest).
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX rm_requests_contact_name_trgm ON rm_requests USING gin (lower(contact_unknown_name) gin_trgm_ops)
          WHERE NOT deleted AND contact_unknown_name IS NOT NULL;
      END IF;
    END $$;
`;

