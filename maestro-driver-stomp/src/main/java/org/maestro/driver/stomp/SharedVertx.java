package org.maestro.driver.stomp;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import java.util.concurrent.TimeUnit;

/**
 * The one Vert.x instance (event loops and timers) that every open STOMP connection of this JVM shares: made by the
 * first connection, closed when the last one is closed, so its non-daemon threads never outlive the connections.
 * Thread-safe.
 */
final class SharedVertx {
    private static Vertx vertx;
    private static int users;

    private SharedVertx() {}

    /** The shared instance, made if none runs; each call must be matched by one {@link #release()}. */
    static synchronized Vertx acquire() {
        if (vertx == null) {
            VertxOptions options = new VertxOptions()
                    .setEventLoopPoolSize(Math.max(2, Runtime.getRuntime().availableProcessors()))
                    .setWorkerPoolSize(2)
                    .setInternalBlockingPoolSize(2)
                    // a loaded machine stalls event loops for a while: warn only about long stalls
                    .setMaxEventLoopExecuteTime(10)
                    .setMaxEventLoopExecuteTimeUnit(TimeUnit.SECONDS)
                    // no .vertx cache directory in the working directory
                    .setFileSystemOptions(
                            new FileSystemOptions().setFileCachingEnabled(false).setClassPathResolvingEnabled(false));
            vertx = Vertx.vertx(options);
        }
        users++;
        return vertx;
    }

    /** Gives up one use; the last one closes the instance (without waiting). */
    static synchronized void release() {
        if (users == 0) {
            return;
        }
        users--;
        if (users == 0) {
            vertx.close();
            vertx = null;
        }
    }
}
