/**
 * An image from a stored URL with the sizes its upload was stored in (src/lib/images.ts): our own
 * uploads become a <picture> with AVIF and WebP sources over the original format, Cloudinary images
 * an <img> with a width srcset, anything else a plain <img>. `sizes` is one of IMAGE_SIZES; width and
 * height stay on the <img> so the page keeps its layout before the image arrives.
 */
import type { ImgHTMLAttributes } from "react";
import { responsiveImage } from "~/lib/images";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes"> & {
  src: string;
  sizes: string;
  alt: string;
  width: number;
  height: number;
};

export default function Picture({ src, sizes, alt, ...img }: Props) {
  const image = responsiveImage(src, sizes);
  const tag = <img src={image.src} srcSet={image.srcset} sizes={image.sizes} alt={alt} {...img} />;
  if (image.sources.length === 0) return tag;
  return (
    // display: contents, so the <img> sizes against its container exactly as it would without <picture>.
    <picture className="contents">
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={image.sizes} />
      ))}
      {tag}
    </picture>
  );
}
