package org.maestro.client.script;

/**
 * The system under test that the launcher runs on this machine for a script (embedded mode's broker): its URLs are
 * known at once, and it starts when a test first points at it. The launcher implements it and hands it to
 * {@link Maestro}; the test API starts nothing of its own.
 */
public interface LocalSut {

    /** Its AMQP URL without address, e.g. {@code amqp://127.0.0.1:40123}. */
    String base();

    /** Its STOMP URL without destination, e.g. {@code stomp://127.0.0.1:40124}. */
    String stompBase();

    /** True when the URL names this SUT (its host and one of its ports, anywhere in the URL). */
    boolean serves(String url);

    /**
     * Starts it, unless it runs already.
     *
     * @throws IllegalStateException saying why, when it cannot start
     */
    void start();

    /** The name of the inspector that reads it ({@code INSPECTOR_NAME}). */
    String inspectorName();

    /** The management URL that inspector reads; starts the SUT if needed. */
    String managementUrl();
}
