package org.maestro.testing;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A server process that a test started: stopped (asked to end, killed when it has not within 5 s) and started again
 * with the same configuration and ports by the test. Registered with {@code @RegisterExtension} on a static field, one
 * that is not started yet starts before the class's tests and stops after them.
 */
public abstract class ServerProcess implements AutoCloseable, BeforeAllCallback, AfterAllCallback {
    private Process process;

    /** Starts the server's process and returns it once the server accepts connections. */
    protected abstract Process launch() throws IOException, InterruptedException;

    /** Starts the server; called once by the subclass's factory, or before the tests of the class it serves. */
    protected final void begin() throws IOException, InterruptedException {
        process = launch();
    }

    /** Stops the server process (it can be started again with {@link #restart()}). */
    public void stop() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    /** Starts the server again on the same ports. */
    public void restart() throws IOException, InterruptedException {
        stop();
        begin();
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException, InterruptedException {
        if (process == null) {
            begin();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws InterruptedException {
        close();
    }
}
