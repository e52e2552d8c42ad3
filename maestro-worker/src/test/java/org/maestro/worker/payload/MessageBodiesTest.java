package org.maestro.worker.payload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.maestro.common.options.MessageSize;
import org.maestro.common.options.PayloadFiles;
import org.maestro.worker.measure.MessageStamp;

/** The bodies of a connection: drawn sizes from one buffer, payload files in turn or by shares, no allocation. */
class MessageBodiesTest {
    private static final byte[] NAME = "sender-1@host".getBytes();

    @Test
    void pickingABodyAllocatesNothing() {
        MessageBodies bodies = BodyPlan.generated(MessageSize.parse("64:50%,1024:40%,65536:10%"), 20)
                .forConnection(NAME, 0, 7, new SplittableRandom(1));
        long total = 0;
        for (int i = 0; i < 10_000; i++) { // warm the code up
            total += bodies.next();
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 1_000_000; i++) {
            total += bodies.next();
            MessageStamp.writeMessage(bodies.current(), i, i, i, false);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(total > 0);
        // a million bodies: a few hundred bytes of measuring noise at most, not a byte per body
        assertTrue(allocated < 100_000, "allocated " + allocated + " bytes for a million bodies");
    }

    @Test
    void payloadFilesFollowTheHeaderInTurn() {
        byte[] a = "{\"order\":1}".getBytes();
        byte[] b = new byte[] {9, 8, 7};
        MessageBodies bodies = new BodyPlan(new MessageSize(256, false), 0, List.of(a, b), null)
                .forConnection(NAME, 3, 7, new SplittableRandom(1));
        int header = MessageStamp.headerSize(NAME);
        for (int i = 0; i < 6; i++) {
            int length = bodies.next();
            byte[] expected = i % 2 == 0 ? a : b;
            assertEquals(header + expected.length, length);
            assertArrayEquals(expected, Arrays.copyOfRange(bodies.current(), header, length), "body " + i);
            assertEquals(3, MessageStamp.connection(bodies.current()));
            assertEquals(7, MessageStamp.runTag(bodies.current()));
        }
    }

    @Test
    void payloadFilesWithSharesAreDrawnByThem() {
        PayloadFiles files = PayloadFiles.parse("a:80%,b:20%");
        byte[] a = new byte[10];
        byte[] b = new byte[20];
        MessageBodies bodies = new BodyPlan(new MessageSize(256, false), 0, List.of(a, b), files.shares())
                .forConnection(NAME, 0, 0, new SplittableRandom(11));
        int header = MessageStamp.headerSize(NAME);
        int shortOnes = 0;
        int draws = 100_000;
        for (int i = 0; i < draws; i++) {
            shortOnes += bodies.next() == header + 10 ? 1 : 0;
        }
        assertEquals(0.8, shortOnes / (double) draws, 0.01);
    }
}
