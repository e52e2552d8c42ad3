package org.maestro.worker.payload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.maestro.common.options.MessageSize;

/** PAYLOAD_RANDOM: a Deflater shrinks a body to about its share of random bytes, whatever its size. */
class RandomFillTest {

    @Test
    void aBodyCompressesToAboutItsShareOfRandomBytes() {
        for (int percent : new int[] {0, 10, 25, 50, 75, 100}) {
            for (int size : new int[] {1_000, 16_384, 100_000}) {
                byte[] body = new byte[size];
                RandomFill.fill(body, percent, new SplittableRandom(percent * 31L + size));
                double compressed = deflated(body) / (double) size;
                // random bytes do not shrink, the zero runs shrink to a few bits each; Deflate's own overhead (its
                // tables, a back-reference per run) weighs more on a small body
                double share = percent / 100.0;
                String what = "PAYLOAD_RANDOM=" + percent + " body of " + size + " bytes deflated to " + compressed;
                assertTrue(compressed >= share - 0.01, what);
                assertTrue(compressed <= share + (size < 16_384 ? 0.08 : 0.03), what);
            }
        }
    }

    @Test
    void withoutRandomBytesABodyIsZerosAsBefore() {
        MessageBodies bodies = BodyPlan.zeros(new MessageSize(500, false))
                .forConnection("s".getBytes(), 0, 0, new SplittableRandom(1));
        byte[] body = bodies.current();
        for (int i = 37; i < body.length; i++) {
            assertEquals(0, body[i], "byte " + i);
        }
    }

    @Test
    void everyPrefixHasAboutTheShareSoEveryDrawnSizeDoes() {
        byte[] body = new byte[65_536];
        RandomFill.fill(body, 30, new SplittableRandom(5));
        for (int length : new int[] {200, 1_000, 4_000, 65_536}) {
            byte[] prefix = java.util.Arrays.copyOf(body, length);
            double compressed = deflated(prefix) / (double) length;
            assertTrue(compressed >= 0.29 && compressed <= 0.30 + 0.1, length + " bytes deflated to " + compressed);
        }
    }

    private static int deflated(byte[] data) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        deflater.setInput(data);
        deflater.finish();
        byte[] out = new byte[data.length + 1024];
        int length = 0;
        while (!deflater.finished()) {
            length += deflater.deflate(out, length, out.length - length);
        }
        deflater.end();
        return length;
    }
}
