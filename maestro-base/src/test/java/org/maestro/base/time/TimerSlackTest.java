package org.maestro.base.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The timer slack is set for the calling thread only, through the kernel's own file of that thread. */
class TimerSlackTest {

    @Test
    void setsTheSlackOfTheCallingThreadOnly() throws Exception {
        assumeTrue(Files.exists(Path.of("/proc/thread-self")), "a Linux kernel tells each thread's timer slack");
        AtomicLong before = new AtomicLong();
        AtomicLong after = new AtomicLong();
        AtomicBoolean set = new AtomicBoolean();
        Thread thread = new Thread(() -> {
            before.set(TimerSlack.current());
            set.set(TimerSlack.minimise());
            after.set(TimerSlack.current());
        });
        long mine = TimerSlack.current();
        thread.start();
        thread.join();
        assertTrue(before.get() > TimerSlack.SLACK_NANOS, "a new thread has the default slack: " + before.get());
        assertTrue(set.get(), "the slack could be set");
        assertEquals(TimerSlack.SLACK_NANOS, after.get());
        assertEquals(mine, TimerSlack.current(), "another thread's slack is untouched");
    }
}
