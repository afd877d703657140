import type { DocumentInfo } from '../../../shared/document.js';
import { chosenKey } from '../runSettings.js';
import { importUrlAsking } from './protectedDocuments.js';
import { useReviewStore } from '../review/reviewStore.js';

export interface AddedFromUrl {
  document: DocumentInfo;
  /** False when the user opened another document while it downloaded: it waits in the library. */
  opened: boolean;
}

/**
 * Downloads a document from its web address into the workspace (null: a password was asked
 * for and not given). A download can take long: it opens only if the user has not opened
 * another document since, so it never pulls them away from what they went to meanwhile.
 */
export async function addFromUrl(address: string): Promise<AddedFromUrl | null> {
  const opensAtPress = useReviewStore.getState().userOpens;
  // The v2 key the document will be parsed with decides whether an address on this computer may be used.
  const document = await importUrlAsking(address, chosenKey('v2').keyId);
  if (!document) return null;
  if (useReviewStore.getState().userOpens !== opensAtPress) return { document, opened: false };
  await useReviewStore.getState().openDocument(document.id);
  return { document, opened: true };
}
