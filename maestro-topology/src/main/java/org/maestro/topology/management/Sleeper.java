package org.maestro.topology.management;

import java.time.Duration;

/** Waits between polls; tests pass one that advances a fake clock instead. */
@FunctionalInterface
public interface Sleeper {

    /** The real sleeper. */
    Sleeper THREAD = d -> Thread.sleep(d.toMillis());

    /** Waits for {@code duration}. */
    void sleep(Duration duration) throws InterruptedException;
}
