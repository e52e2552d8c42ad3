package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;

/** What a drain waits for, from the senders' outcomes and how the receive address delivers. */
class DrainTargetTest {
    private static final PeerInfo SENDER_1 = new PeerInfo("s1", "sender-1", "alpha", "sender");
    private static final PeerInfo SENDER_2 = new PeerInfo("s2", "sender-2", "alpha", "sender");
    private static final PeerInfo RECEIVER_1 = new PeerInfo("r1", "receiver-1", "beta", "receiver");
    private static final PeerInfo RECEIVER_2 = new PeerInfo("r2", "receiver-2", "beta", "receiver");

    private final TestState state = new TestState(Progress.silent(), () -> Instant.EPOCH);

    DrainTargetTest() {
        for (PeerInfo peer : new PeerInfo[] {SENDER_1, SENDER_2, RECEIVER_1, RECEIVER_2}) {
            state.add(peer);
            state.started(peer.id());
        }
    }

    private static TestOptions options(String url, int parallelCount) {
        return TestOptions.DEFAULTS
                .with(OptionCode.BROKER, url)
                .with(OptionCode.PARALLEL_COUNT, Integer.toString(parallelCount));
    }

    private void sent(PeerInfo sender, String count) {
        state.onNotification(Note.notification(
                Command.NOTIFY_SUCCESS, new Payload.Notice("done", Map.of("sent", count)), sender, null));
    }

    @Test
    void onAQueueTheReceiversTogetherExpectWhatTheSendersSent() {
        sent(SENDER_1, "700");
        sent(SENDER_2, "300");
        DrainTarget target = DrainTarget.of(options("amqp://127.0.0.1:5672/orders", 3), state);
        assertEquals(1_000, target.expected());
        assertEquals(Duration.ofSeconds(5), target.quiet(), "DRAIN_QUIET's default");
    }

    @Test
    void onAPublishSubscribeAddressEveryReceiverConnectionExpectsEveryMessage() {
        sent(SENDER_1, "700");
        sent(SENDER_2, "300");
        DrainTarget target =
                DrainTarget.of(options("mqtt://127.0.0.1:1883/prices", 3).with(OptionCode.DRAIN_QUIET, "8s"), state);
        assertEquals(1_000 * 2 * 3, target.expected(), target.basis());
        assertEquals(
                "1000 message(s) sent × 6 receiver connections (publish-subscribe)", target.basis(), target.basis());
        assertEquals(Duration.ofSeconds(8), target.quiet());
        assertEquals(
                1_000,
                DrainTarget.of(options("mqtt://127.0.0.1:1883/prices?share=g", 3), state)
                        .expected());
    }

    @Test
    void aSenderWithoutACountLeavesOnlyTheNoProgressRule() {
        sent(SENDER_1, "700");
        DrainTarget target = DrainTarget.of(options("amqp://127.0.0.1:5672/orders", 1), state);
        assertFalse(target.isKnown());
        assertEquals("sender-2@alpha notified no count of messages sent", target.basis());
    }
}
