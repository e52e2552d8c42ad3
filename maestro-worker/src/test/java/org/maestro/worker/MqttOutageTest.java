package org.maestro.worker;

import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.testing.MosquittoProcess;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A sender and a receiver role through the MQTT driver (MQTT 3.1.1) while the Mosquitto the test started is stopped
 * mid-run and started again on the same port.
 */
class MqttOutageTest {
    private static final Logger LOG = LoggerFactory.getLogger(MqttOutageTest.class);
    private static final int COUNT = 3000;

    @TempDir
    Path results;

    @Test
    void theSenderGoesOnAfterMosquittoRestartsAndNothingIsLostUncounted() throws Exception {
        runThroughARestart(results, 3);
    }

    /** Runs {@value #COUNT} QoS 1 messages at 500 msg/s with the given MQTT version through a Mosquitto restart. */
    static void runThroughARestart(Path results, int version) throws Exception {
        try (MosquittoProcess mosquitto = MosquittoProcess.start()) {
            String url = mosquitto.url() + "/maestro/outage/" + UUID.randomUUID() + "?qos=1&version=" + version;
            Map<String, String> options = LoadTestRun.options(url, 1, COUNT, 500, "mqtt-outage");
            options.put("MESSAGE_SIZE", "128");
            LoadTestRun run = new LoadTestRun(results, options).run(() -> {
                TimeUnit.MILLISECONDS.sleep(1000); // some 500 messages into the run
                mosquitto.stop();
                TimeUnit.MILLISECONDS.sleep(1000);
                mosquitto.restart();
            });
            LOG.info("MQTT {} through a Mosquitto restart: {}", version, OutageAccounting.assertAccounted(run, COUNT));
        }
    }
}
