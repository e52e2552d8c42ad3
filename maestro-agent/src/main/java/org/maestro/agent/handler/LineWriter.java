package org.maestro.agent.handler;

import java.io.Writer;
import java.util.function.Consumer;

/** A writer that hands each complete line to a consumer (for {@code println} in handler scripts); not thread-safe. */
final class LineWriter extends Writer {
    private final Consumer<String> lines;
    private final StringBuilder pending = new StringBuilder();

    LineWriter(Consumer<String> lines) {
        this.lines = lines;
    }

    @Override
    public void write(char[] buffer, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            char c = buffer[i];
            if (c == '\n') {
                emit();
            } else if (c != '\r') {
                pending.append(c);
            }
        }
    }

    private void emit() {
        lines.accept(pending.toString());
        pending.setLength(0);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
        if (pending.length() > 0) {
            emit();
        }
    }
}
