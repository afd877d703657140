import { PDFDocument } from 'pdf-lib';

/**
 * The services refuse encrypted PDFs; the emulator judges that on its own, not with the
 * client's check, so a test that gets a parse back has proved the client sent a decrypted
 * copy. Encrypted: any trailer or cross-reference stream of the file names /Encrypt, as
 * pdf-lib's parser reads them (whether or not the dictionary it points to exists); a file
 * pdf-lib cannot parse is searched for such an entry byte by byte.
 */
export async function declaresEncryption(bytes: Uint8Array): Promise<boolean> {
  try {
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return pdf.context.trailerInfo.Encrypt !== undefined;
  } catch {
    return /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(Buffer.from(bytes).toString('latin1'));
  }
}
