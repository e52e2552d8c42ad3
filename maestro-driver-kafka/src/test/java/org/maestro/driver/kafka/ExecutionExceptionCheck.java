package org.maestro.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** Asserts that a future fails with a message containing a text. */
final class ExecutionExceptionCheck {
    private ExecutionExceptionCheck() {
    }

    static void assertFailsWith(CompletableFuture<?> future, String text) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(20, TimeUnit.SECONDS));
        assertTrue(e.getCause().getMessage().contains(text), e.getCause().getMessage());
    }
}
