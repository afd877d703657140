/**
 * A presigned URL is signed for one method. The emulator's storage treats a URL that
 * carries a signature (AWS `X-Amz-Signature`, GCS `X-Goog-Signature`, Azure SAS `sig`)
 * as a presigned upload: PUT works, a read with it is refused as a real store refuses it.
 */
const SIGNATURE_PARAMS = ['x-amz-signature', 'x-goog-signature', 'sig'];

export function carriesSignature(query: URLSearchParams): boolean {
  for (const name of query.keys()) if (SIGNATURE_PARAMS.includes(name.toLowerCase())) return true;
  return false;
}

/** What S3 answers a GET made with a URL presigned for PUT: 403 SignatureDoesNotMatch. */
export function signatureMismatchXml(name: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Error><Code>SignatureDoesNotMatch</Code>',
    '<Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message>',
    `<Key>${name.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)}</Key>`,
    '</Error>',
  ].join('');
}
