/**
 * A presigned URL is signed for what it may do. AWS and GCS sign the method, so a URL that
 * carries their signature (`X-Amz-Signature`, `X-Goog-Signature`) is taken as a presigned
 * upload: PUT works, a read with it is refused as the real store refuses it. An Azure SAS
 * (`sig`) says its permissions in `sp`: it reads only when they include `r`.
 */
const METHOD_SIGNED = ['x-amz-signature', 'x-goog-signature'];

export function refusesReads(query: URLSearchParams): boolean {
  for (const name of query.keys()) if (METHOD_SIGNED.includes(name.toLowerCase())) return true;
  const azure = [...query.keys()].some((name) => name.toLowerCase() === 'sig');
  return azure && !(query.get('sp') ?? '').includes('r');
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
