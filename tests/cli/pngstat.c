/* pngstat FILE [R G B TOL [X0 Y0 X1 Y1]]: what the command-line tests need to
 * know of a picture (a plot, a rendered animation frame). Prints
 *   WIDTH HEIGHT COUNT CX CY
 * with COUNT the pixels within TOL (per channel) of colour R G B inside the
 * rectangle [X0, X1) x [Y0, Y1) (default: the whole picture) and CX CY their
 * centroid in pixels from the top left (-1 -1 when there are none). */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 2 && argc != 6 && argc != 10) {
        fprintf(stderr, "usage: pngstat FILE [R G B TOL [X0 Y0 X1 Y1]]\n");
        return 2;
    }
    png_image image = {0};
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, argv[1])) {
        fprintf(stderr, "pngstat: %s: %s\n", argv[1], image.message);
        return 2;
    }
    image.format = PNG_FORMAT_RGB;
    png_bytep px = malloc(PNG_IMAGE_SIZE(image));
    if (!px || !png_image_finish_read(&image, NULL, px, 0, NULL)) {
        fprintf(stderr, "pngstat: %s: cannot read\n", argv[1]);
        return 2;
    }
    long w = image.width, h = image.height, count = 0;
    double sx = 0, sy = 0;
    if (argc >= 6) {
        int r = atoi(argv[2]), g = atoi(argv[3]), b = atoi(argv[4]), tol = atoi(argv[5]);
        long x0 = 0, y0 = 0, x1 = w, y1 = h;
        if (argc == 10)
            x0 = atol(argv[6]), y0 = atol(argv[7]), x1 = atol(argv[8]), y1 = atol(argv[9]);
        for (long y = y0 < 0 ? 0 : y0; y < y1 && y < h; y++)
            for (long x = x0 < 0 ? 0 : x0; x < x1 && x < w; x++) {
                png_bytep p = px + 3 * (y * w + x);
                if (abs(p[0] - r) <= tol && abs(p[1] - g) <= tol && abs(p[2] - b) <= tol) {
                    count++;
                    sx += (double)x;
                    sy += (double)y;
                }
            }
    }
    if (count > 0)
        printf("%ld %ld %ld %.2f %.2f\n", w, h, count, sx / (double)count, sy / (double)count);
    else
        printf("%ld %ld 0 -1 -1\n", w, h);
    free(px);
    png_image_free(&image);
    return 0;
}
