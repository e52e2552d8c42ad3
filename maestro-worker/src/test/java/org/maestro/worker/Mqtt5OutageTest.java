package org.maestro.worker;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sender and a receiver role through the MQTT driver over MQTT 5 while the Mosquitto the test started is stopped
 * mid-run and started again on the same port (as {@link MqttOutageTest} does over MQTT 3.1.1).
 */
class Mqtt5OutageTest {
    @TempDir
    Path results;

    @Test
    void theSenderGoesOnAfterMosquittoRestartsAndNothingIsLostUncounted() throws Exception {
        MqttOutageTest.runThroughARestart(results, 5);
    }
}
