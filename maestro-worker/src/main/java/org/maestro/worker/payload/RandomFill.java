package org.maestro.worker.payload;

import java.util.random.RandomGenerator;

/**
 * Fills a body so that a share of its bytes is random and the rest zero bytes: in each block of {@value #BLOCK}
 * bytes the first {@code percent} bytes are random, so any prefix of the body (a message of any size sent from it)
 * has about that share, and a compressor (Deflate, a broker's or TLS link's) shrinks it to about that share.
 */
public final class RandomFill {
    /** The block whose first {@code percent} bytes are random. */
    static final int BLOCK = 100;

    private RandomFill() {}

    /** Fills {@code body}: {@code percent} (0-100) random bytes of each block of 100, zeros elsewhere. */
    public static void fill(byte[] body, int percent, RandomGenerator random) {
        if (percent <= 0) {
            return;
        }
        byte[] block = new byte[BLOCK];
        for (int from = 0; from < body.length; from += BLOCK) {
            int count = Math.min(percent, body.length - from);
            random.nextBytes(block);
            System.arraycopy(block, 0, body, from, count);
        }
    }
}
