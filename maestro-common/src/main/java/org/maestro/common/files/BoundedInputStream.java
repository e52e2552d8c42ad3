package org.maestro.common.files;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * An input stream that fails once more than a given number of bytes were read from it: a compressed file that
 * inflates beyond what a reader is prepared to hold is refused, naming the file and the limit, instead of filling the
 * heap.
 */
public final class BoundedInputStream extends FilterInputStream {
    private final long limit;
    private final String what;
    private long read;

    /**
     * @param what names the input in the error, e.g. the file's path
     */
    public BoundedInputStream(InputStream in, long limit, String what) {
        super(in);
        this.limit = limit;
        this.what = what;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n > 0) {
            count(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        count(skipped);
        return skipped;
    }

    private void count(long n) throws IOException {
        read += n;
        if (read > limit) {
            throw new IOException(what + " holds more than " + limit + " bytes (uncompressed), the most it is read to; "
                    + "it is not a file Maestro wrote, or it was damaged");
        }
    }
}
