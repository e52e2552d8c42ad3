package org.maestro.reporter.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.measure.PeerResult;
import org.maestro.reporter.MessageCounts;
import org.maestro.reporter.StreamSummary;
import org.roaringbitmap.RoaringBitmap;

/** {@link MessageAccounting} adds up the peers' results per stream across the receivers of an address. */
class MessageAccountingTest {
    private static MessageAccounting.Peer sender(String name, long... counts) {
        List<PeerResult.Stream> streams = new ArrayList<>();
        long total = 0;
        for (int i = 0; i < counts.length; i++) {
            streams.add(new PeerResult.Stream(name, i, counts[i], 0, 0, 0, null));
            total += counts[i];
        }
        return new MessageAccounting.Peer(
                name, "q", new PeerResult(1, name, "sender", 0, 1, 0, total, 0, 0, 0, streams, "success", ""));
    }

    private static MessageAccounting.Peer receiver(
            String name, String sender, int connection, RoaringBitmap seen, long ownDuplicates) {
        return new MessageAccounting.Peer(
                name,
                "q",
                new PeerResult(
                        1,
                        name,
                        "receiver",
                        0,
                        1,
                        0,
                        seen.getCardinality(),
                        0,
                        ownDuplicates,
                        0,
                        List.of(new PeerResult.Stream(
                                sender,
                                connection,
                                seen.getCardinality(),
                                0,
                                ownDuplicates,
                                0,
                                PeerResult.Stream.encode(seen))),
                        "success",
                        ""));
    }

    @Test
    void theAddressOfARabbitMqUrlIsItsQueueNotItsVirtualHost() {
        assertEquals("orders", MessageAccounting.address("rabbitmq://h:5672/?queue=orders"));
        assertEquals("orders", MessageAccounting.address("rabbitmq://u:p@h/prod?queue=orders&declare=true"));
        assertEquals("events", MessageAccounting.address("rabbitmqs://h/?exchange=events&routingKey=k"));
        assertEquals("test.queue", MessageAccounting.address("amqp://h:5672/test.queue"));
    }

    @Test
    void lostSplitsIntoRefusedMessagesNobodyReceivedAndVanishedOnes() {
        RoaringBitmap refused = RoaringBitmap.bitmapOf(2, 3, 7); // 7 was refused and yet received
        PeerResult result = new PeerResult(
                1,
                "s@h",
                "sender",
                0,
                1,
                0,
                10,
                3,
                0,
                0,
                List.of(new PeerResult.Stream(
                        "s@h",
                        0,
                        10,
                        3,
                        0,
                        0,
                        null,
                        new OutcomeCounts(7, 3, 0, 0, 0),
                        PeerResult.Stream.encode(refused))),
                "success",
                "",
                new OutcomeCounts(7, 3, 0, 0, 0));
        RoaringBitmap seen = RoaringBitmap.bitmapOf(0, 1, 4, 5, 7, 8); // 2, 3 refused; 6, 9 vanished
        MessageCounts total = MessageAccounting.account(
                        List.of(new MessageAccounting.Peer("s@h", "q", result)),
                        List.of(receiver("r@h", "s@h", 0, seen, 0)))
                .counts();
        assertEquals(4L, (long) total.lost());
        assertEquals(2L, (long) total.refused());
        assertEquals(2L, (long) total.vanished());
        assertEquals((long) total.sent(), total.received() + (long) total.refused() + (long) total.vanished());
    }

    @Test
    void unionsTheReceiversOfAnAddressPerStream() {
        RoaringBitmap first = RoaringBitmap.bitmapOf(0, 1, 2, 3, 4);
        RoaringBitmap second = RoaringBitmap.bitmapOf(4, 5, 6, 8, 12); // 4 twice across receivers; 12 not sent
        MessageAccounting.Result result = MessageAccounting.account(
                List.of(sender("s@h", 10, 3)),
                List.of(receiver("r1@h", "s@h", 0, first, 1), receiver("r2@h", "s@h", 0, second, 0)));

        StreamSummary zero = result.streams().get(0);
        assertEquals(10L, (long) zero.sent());
        assertEquals(9, zero.received(), "|∪| = {0,1,2,3,4,5,6,8,12}");
        assertEquals(10L - 8, (long) zero.lost(), "7 and 9 missing; 12 is outside [0, sent)");
        assertEquals(2, zero.duplicates(), "4 at both receivers, plus one duplicate inside r1");
        StreamSummary one = result.streams().get(1);
        assertEquals(3L, (long) one.lost(), "nothing of connection 1 arrived");

        MessageCounts total = result.counts();
        assertEquals(13L, (long) total.sent());
        assertEquals(5L, (long) total.lost());
    }

    @Test
    void saysSentAndLostAreUnknownWithoutTheSenderResult() {
        MessageCounts total = MessageAccounting.account(
                        List.of(),
                        List.of(receiver("r@h", "s@h", 0, RoaringBitmap.bitmapOf(0, 1), 0)),
                        List.of(new MessageAccounting.Missing("s@h", "sender", "q", "died")))
                .counts();
        assertNull(total.sent());
        assertNull(total.lost());
        assertEquals(2, total.received());
    }

    @Test
    void addsUpTheReceiversStaleMessagesApartFromEverythingElse() {
        MessageAccounting.Peer first = receiver("r1@h", "s@h", 0, RoaringBitmap.bitmapOf(0, 1, 2), 0);
        MessageAccounting.Peer second = receiver("r2@h", "s@h", 0, RoaringBitmap.bitmapOf(3, 4), 0);
        MessageAccounting.Peer staleFirst =
                new MessageAccounting.Peer("r1@h", "q", first.result().withStale(40));
        MessageAccounting.Peer staleSecond =
                new MessageAccounting.Peer("r2@h", "q", second.result().withStale(2));

        MessageAccounting.Result result =
                MessageAccounting.account(List.of(sender("s@h", 5)), List.of(staleFirst, staleSecond));

        MessageCounts total = result.counts();
        assertEquals(42, total.stale());
        assertEquals(5, total.received());
        assertEquals(0, total.lost());
        assertEquals(0, total.duplicates());
        assertTrue(
                result.problems().stream().anyMatch(p -> p.startsWith("42 stale message(s) of another run")),
                result.problems().toString());
        assertEquals(
                0,
                MessageAccounting.account(List.of(sender("s@h", 5)), List.of(first, second))
                        .counts()
                        .stale(),
                "results that counted no stale messages count none");
    }
}
