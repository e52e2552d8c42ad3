package org.maestro.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;
import org.slf4j.LoggerFactory;

/**
 * Captures everything logged while it runs, at every level: Maestro's SLF4J logging and Paho's java.util.logging
 * trace, for tests that check what a log would show (e.g. never a password).
 */
public final class LogCapture {
    private static final String PAHO = "org.eclipse.paho.client.mqttv3";

    private final StringBuffer text = new StringBuffer();
    private final java.util.concurrent.atomic.AtomicInteger records = new java.util.concurrent.atomic.AtomicInteger();
    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    private final java.util.logging.Logger paho = java.util.logging.Logger.getLogger(PAHO);
    private final Level rootLevel = root.getLevel();
    private final java.util.logging.Level pahoLevel = paho.getLevel();
    private final AppenderBase<ILoggingEvent> appender = new AppenderBase<>() {
        @Override
        protected void append(ILoggingEvent event) {
            records.incrementAndGet();
            text.append(event.getLoggerName())
                    .append(' ')
                    .append(event.getFormattedMessage())
                    .append('\n');
            if (event.getThrowableProxy() != null) {
                text.append(event.getThrowableProxy().getMessage()).append('\n');
            }
        }
    };
    private final Handler handler = new Handler() {
        private final SimpleFormatter formatter = new SimpleFormatter();

        @Override
        public void publish(LogRecord record) {
            records.incrementAndGet();
            text.append(formatter.format(record));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    private LogCapture() {}

    /** Starts capturing, with every logger at its most verbose level. */
    public static LogCapture start() {
        LogCapture capture = new LogCapture();
        capture.appender.setContext(capture.root.getLoggerContext());
        capture.appender.start();
        capture.root.addAppender(capture.appender);
        capture.root.setLevel(Level.ALL);
        capture.paho.setLevel(java.util.logging.Level.ALL);
        capture.paho.addHandler(capture.handler);
        return capture;
    }

    /** Stops capturing and puts the levels back. */
    public void stop() {
        root.detachAppender(appender);
        appender.stop();
        root.setLevel(rootLevel);
        paho.removeHandler(handler);
        paho.setLevel(pahoLevel);
    }

    /** All that was logged, one record a line. */
    public String text() {
        return text.toString();
    }

    /** How many records were logged. */
    public int records() {
        return records.get();
    }
}
