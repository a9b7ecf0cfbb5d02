import type { HandlersFor, RouteContext } from '../../app/routes';
import { badRequest, unprocessable } from '../../app/errors';
import { readParts } from '../products/form';
import { MAX_LOGO_BYTES } from './service';

export function businessRoutes({
  services,
}: RouteContext): HandlersFor<'getBusinessProfile' | 'updateBusinessProfile' | 'uploadBusinessLogo'> {
  const business = services.business;
  return {
    getBusinessProfile: () => business.current(),
    updateBusinessProfile: (request) => business.update(request.body),
    async uploadBusinessLogo(request) {
      let logo: Buffer | undefined;
      let other: string | undefined;
      await readParts(
        request,
        {
          // One byte over the limit tells "too large" apart from "exactly 1 MB".
          limits: { fileSize: MAX_LOGO_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
          fileFields: new Set(['logo']),
        },
        async (part) => {
          if (part.type === 'file' && part.fieldname !== 'logo')
            throw unprocessable('the form has one file field, "logo"');
          if (part.type === 'file') logo = await part.toBuffer();
          // A text part is refused once the whole body has been read: a body that
          // is not multipart at all is a 400 first.
          else other ??= part.fieldname;
        },
        () => badRequest('The logo must be 1 MB or smaller'),
      );
      if (other !== undefined) throw unprocessable('the form has one file field, "logo", and no text fields');
      return business.setLogo(logo);
    },
  };
}
