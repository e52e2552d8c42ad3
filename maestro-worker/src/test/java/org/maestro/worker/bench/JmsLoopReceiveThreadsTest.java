package org.maestro.worker.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maestro.embedded.AmqpBroker;

/** The bare loop's receive() threads and its two stamps, against an embedded Artemis: every body once, stamps intact. */
class JmsLoopReceiveThreadsTest {
    private static final int MESSAGES = 200;

    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("jms-loop-receive");

    @Test
    void receivesEveryBodyOnceWithBothStampsAsSent() throws Exception {
        List<long[]> stamps = new CopyOnWriteArrayList<>();
        try (JmsLoop loop = new JmsLoop(broker.amqpPort(), "bench.receive-threads", null)) {
            loop.openReceiveThreads(2, body -> stamps.add(new long[] {BareStamp.get(body, 0), BareStamp.get(body, 8)}));
            loop.openSenders(1);
            byte[] body = new byte[64];
            for (long n = 0; n < MESSAGES; n++) {
                BareStamp.put(body, 0, n);
                BareStamp.put(body, 8, 1_000_000_000_000L + n * 3);
                loop.send(0, body);
            }
            Awaitility.await().atMost(30, TimeUnit.SECONDS).until(() -> stamps.size() >= MESSAGES);
        }
        assertEquals(MESSAGES, stamps.size());
        boolean[] seen = new boolean[MESSAGES];
        for (long[] stamp : stamps) {
            int n = (int) stamp[0];
            assertFalse(seen[n], "message " + n + " twice");
            seen[n] = true;
            assertEquals(1_000_000_000_000L + n * 3L, stamp[1], "the second stamp of message " + n);
        }
    }

    @Test
    void aStampReadsBackAtItsOffsetBigEndian() {
        byte[] body = new byte[16];
        BareStamp.put(body, 8, 0x0102030405060708L);
        assertEquals(0x0102030405060708L, BareStamp.get(body, 8));
        assertEquals(0L, BareStamp.get(body, 0));
        assertEquals(0x01, body[8]);
        assertEquals(0x08, body[15]);
    }
}
