import { beforeDeadline, PageOverBudget } from '../deadline.js';
import type { OcrLimits } from '../engineLimits.js';
import { failedPage } from '../pageText.js';
import type { PageText } from '../pageTextShape.js';
import { readImageInfo, type ImageInfo } from '../../../shared/imageInfo.js';
import { ocrPageText, type OcrContext } from './ocrPage.js';
import { loadCanvas, planRaster, toGreymap } from './raster.js';

const NOTHING_IN_IMAGE = 'OCR found no text in this image: it is blank, or a picture without words.';

/**
 * An image read by OCR as a document of one page, in its upright frame (EXIF orientation
 * applied, as the viewer shows it), so the boxes sit where the reviewer sees the words.
 * Its size is read from the header first: an image over the limit is never decoded, and its
 * page fails with the reason. PNG, JPEG, GIF (first frame), WebP and BMP are decoded by Skia
 * and scaled to the OCR raster; a TIFF goes to the OCR engine as it is (Leptonica reads its
 * first page), since Skia does not read TIFF.
 */
export async function readImagePage(bytes: Uint8Array, mime: string, deadline: number, ocr: OcrContext): Promise<PageText> {
  const info = readImageInfo(bytes, mime);
  if (!info)
    return failedPage(1, 'This image could not be read: its header is damaged or cut short. Open it in an image viewer and save it again.');
  const size = { width: info.width, height: info.height };
  const tiff = mime === 'image/tiff';
  const tooLarge = tooLargeReason(info, tiff ? ocr.limits.maxTiffPixels : ocr.limits.maxImagePixels, tiff);
  if (tooLarge) return failedPage(1, tooLarge, size);
  ocr.onPage?.(1);
  if (tiff) {
    const note =
      info.pages > 1
        ? `This TIFF holds ${info.pages} pages; only the first was read (the app shows an image file as one page). Convert it to PDF to read every page.`
        : undefined;
    return ocrPageText(1, size, bytes, 1, deadline, ocr, { ...(note ? { note } : {}), nothingFound: NOTHING_IN_IMAGE });
  }
  const { raster, upright } = await decodeForOcr(bytes, deadline, ocr.limits);
  return ocrPageText(1, upright, raster.image, 1 / raster.scale, deadline, ocr, { nothingFound: NOTHING_IN_IMAGE });
}

function tooLargeReason(info: ImageInfo, limit: number, tiff: boolean): string | null {
  if (info.width * info.height <= limit) return null;
  const megapixels = (n: number) => `${(n / 1e6).toLocaleString('en', { maximumFractionDigits: 1 })} megapixels`;
  return (
    `This image is ${info.width.toLocaleString('en')} × ${info.height.toLocaleString('en')} pixels (${megapixels(info.width * info.height)}); ` +
    `the offline engine reads ${tiff ? 'TIFF images' : 'images'} up to ${megapixels(limit)}, so it was not read. ` +
    'Scale it down (300 DPI is plenty for text) and open it again, or run the cloud parser (engine "parse").'
  );
}

/** Decodes with Skia (which applies EXIF orientation) and draws it, scaled, onto white paper as a greymap. */
async function decodeForOcr(bytes: Uint8Array, deadline: number, limits: OcrLimits) {
  const { Image, createCanvas } = await beforeDeadline(loadCanvas(), deadline);
  const image = new Image();
  try {
    image.src = bytes;
    await beforeDeadline(image.decode(), deadline);
  } catch (error) {
    if (error instanceof PageOverBudget) throw error;
    throw new Error(`the image data cannot be decoded (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
  }
  const upright = { width: image.width, height: image.height };
  const pixels = upright.width * upright.height;
  // Small images (screenshots, crops) are scaled up: OCR misses text only a few pixels high.
  const quarter = limits.maxRasterPixels / 4;
  const preferred = pixels < quarter ? Math.min(limits.maxUpscale, Math.sqrt(quarter / pixels)) : 1;
  const plan = planRaster(upright.width, upright.height, preferred, limits);
  const canvas = createCanvas(plan.width, plan.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, plan.width, plan.height);
  context.drawImage(image, 0, 0, plan.width, plan.height);
  const data = context.getImageData(0, 0, plan.width, plan.height).data;
  return { upright, raster: { image: toGreymap(data, plan.width, plan.height), scale: plan.scale } };
}
