import type { ReactNode } from 'react';
import { Hono, type Context } from 'hono';
import type { Operator } from '../../contracts/backoffice';
import { DomainError } from '../../commerce/domain-error';
import type { AppEnv } from '../../env';
import { IMPORT_PATH } from '../../http/body-limit';
import { failure } from '../account/forms';
import { notFound } from '../not-found';
import { asStaff, idParam, page, type Status } from './operator-frame';
import { uploadedText } from './import-upload';
import { DryRunReport, JobView, UploadForm } from './import-view';
import { UpstreamOwns } from './stock-log';

const TITLE = 'Importar produtos (CSV)';
const upstream = (c: Context<AppEnv>) => c.var.config.upstream !== null;

const formPage = (c: Context<AppEnv>, operator: Operator, body: ReactNode, status: Status = 200) =>
  page(c, operator, IMPORT_PATH, TITLE, upstream(c) ? <UpstreamOwns what="o catálogo" /> : body, status);

/** /painel/importar: upload → dry run report → confirm; the job's page runs the next products on each post. */
export const importRoutes = new Hono<AppEnv>()
  .get(
    IMPORT_PATH,
    // Its pages only upload and import (catalog:write), as the section menu shows them: the same permission to open.
    asStaff('catalog:write', (c, operator) => formPage(c, operator, <UploadForm error={null} />)),
  )
  .post(
    IMPORT_PATH,
    asStaff('catalog:write', async (c, operator) => {
      if (upstream(c)) return formPage(c, operator, null, 409);
      try {
        const run = await c.var.commerce.backofficeImportDryRun(await uploadedText(c));
        return formPage(c, operator, <DryRunReport run={run} />, run.errors.length > 0 ? 422 : 200);
      } catch (error) {
        // 413 and 415 answer the plain refusal page (the route's error handler) with their own status.
        if (
          error instanceof DomainError &&
          (error.code === 'PAYLOAD_TOO_LARGE' || error.code === 'UNSUPPORTED_MEDIA_TYPE')
        )
          throw error;
        const { status, message } = failure(error, c);
        return formPage(c, operator, <UploadForm error={message} />, status);
      }
    }),
  )
  .get(
    `${IMPORT_PATH}/:id{[0-9]{1,9}}`,
    asStaff('catalog:write', async (c, operator) => {
      if (upstream(c)) return formPage(c, operator, null);
      try {
        return formPage(c, operator, <JobView job={await c.var.commerce.backofficeImportJob(idParam(c))} />);
      } catch (error) {
        if (failure(error).status === 404) return notFound(c);
        throw error;
      }
    }),
  )
  .post(
    `${IMPORT_PATH}/:id{[0-9]{1,9}}/executar`,
    asStaff('catalog:write', async (c, operator) => {
      if (upstream(c)) return formPage(c, operator, null, 409);
      try {
        await c.var.commerce.backofficeImportRun(idParam(c));
      } catch (error) {
        if (failure(error).status === 404) return notFound(c);
        throw error;
      }
      return c.redirect(`${IMPORT_PATH}/${idParam(c)}`, 303);
    }),
  );
