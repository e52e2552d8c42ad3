package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.time.ManualClock;

/** What one statistics poll asks the peers, and what it answers while the control broker is unreachable. */
class StatisticsPollTest {
    private static final PeerInfo SENDER = new PeerInfo("s1", "sender-1", "alpha", "sender");
    private static final PeerInfo RECEIVER = new PeerInfo("r1", "receiver-1", "beta", "receiver");

    private final ManualClock clock = new ManualClock();
    private final FakeTestPeers peers = new FakeTestPeers(clock, SENDER, RECEIVER);
    private final TestState state = new TestState(Progress.silent(), () -> Instant.EPOCH);
    private StatisticsPoll poll;

    @BeforeEach
    void addPeers() {
        state.add(SENDER);
        state.add(RECEIVER);
        poll = new StatisticsPoll(peers, state, "poll-test", 0, LiveStatistics.none());
    }

    @Test
    void asksTheReceiversFirstAndThenEveryoneElse() {
        StatisticsPoll.Result result = poll.poll(Duration.ofSeconds(3), Duration.ofSeconds(10));

        assertEquals(2, peers.requests("STATS").size());
        assertEquals("receiver", peers.requests("STATS").get(0).to());
        assertEquals("all", peers.requests("STATS").get(1).to());
        assertNull(result.snapshot());
        assertEquals("no peer answered", result.missing());
    }

    @Test
    void whileTheControlBrokerIsUnreachableItAsksNothingAndSaysSoAtOnce() {
        peers.connected(false);

        StatisticsPoll.Result result = poll.poll(Duration.ofSeconds(3), Duration.ofSeconds(10));

        assertEquals(0, peers.requests("STATS").size(), "a request would wait for the broker");
        assertNull(result.snapshot());
        assertEquals("the control broker tcp://control.example:1883 is unreachable", result.missing());
    }
}
