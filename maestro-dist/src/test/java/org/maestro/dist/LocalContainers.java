package org.maestro.dist;

import java.io.IOException;
import org.maestro.testing.RequiredServer;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.images.ImagePullPolicy;
import org.testcontainers.utility.DockerImageName;

/**
 * Testcontainers for the container tests: the machine's engine through its Docker-compatible API (Podman's where
 * DOCKER_HOST points at it; the build turns Ryuk off), and containers of images built on this machine only, never
 * pulled. What is missing skips the calling test, or fails it when {@code CI} is set.
 */
final class LocalContainers {
    /** Only images built on this machine: the tests never reach an image registry. */
    static final ImagePullPolicy NEVER_PULL = image -> false;

    private LocalContainers() {}

    /** The engine, once Testcontainers reaches it; skips (fails under CI) naming what to set when it does not. */
    static ContainerEngine require() throws IOException, InterruptedException {
        ContainerEngine engine = ContainerEngine.require();
        RequiredServer.require(
                DockerClientFactory.instance().isDockerAvailable(),
                "Testcontainers finds no Docker-compatible API (" + engine + ")",
                "export DOCKER_HOST=unix://" + ContainerEngine.PODMAN_SOCKET
                        + " (and TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1 where this machine is itself a container)");
        return engine;
    }

    /**
     * A container of a local image, never pulled; skips (fails under CI) naming the command that builds the image when
     * it is missing.
     */
    static GenericContainer<?> of(ContainerEngine engine, String image, String buildCommand)
            throws IOException, InterruptedException {
        engine.requireImage(image, buildCommand);
        return new GenericContainer<>(DockerImageName.parse(image)).withImagePullPolicy(NEVER_PULL);
    }
}
