package org.maestro.agent.handler;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/**
 * An SLF4J logger that writes an action's lines (DEBUG and above) into the action's log and repeats them to the
 * agent's own log; thread-safe as long as the line sink is.
 */
public final class ActionLogger extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;

    private final transient Consumer<String> sink;
    private final transient Logger forward;

    /**
     * @param name    the logger name (the action, e.g. {@code action-3})
     * @param sink    receives each formatted line, {@code LEVEL message}, stack traces on the following lines
     * @param forward the agent's logger the lines are repeated to
     */
    public ActionLogger(String name, Consumer<String> sink, Logger forward) {
        this.name = name;
        this.sink = sink;
        this.forward = forward;
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(
            Level level, Marker marker, String pattern, Object[] arguments, Throwable throwable) {
        String message = MessageFormatter.basicArrayFormat(pattern, arguments);
        StringBuilder line = new StringBuilder().append(level).append(' ').append(message);
        if (throwable != null) {
            StringWriter trace = new StringWriter();
            throwable.printStackTrace(new PrintWriter(trace));
            line.append(System.lineSeparator()).append(trace.toString().stripTrailing());
        }
        sink.accept(line.toString());
        forward.atLevel(level).log("[{}] {}", name, message);
    }

    @Override
    public boolean isTraceEnabled() {
        return false;
    }

    @Override
    public boolean isDebugEnabled() {
        return true;
    }

    @Override
    public boolean isInfoEnabled() {
        return true;
    }

    @Override
    public boolean isWarnEnabled() {
        return true;
    }

    @Override
    public boolean isErrorEnabled() {
        return true;
    }
}
