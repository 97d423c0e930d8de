# The dlx binary in a small image, for the shards of a count on Kubernetes (docs/scale-out.md).
#
#   docker build -t registry.example.com/dlx:0.1.0 .
#   docker run --rm registry.example.com/dlx:0.1.0 queens 12 --count
#
# The images are named in full (registry, namespace), as podman and CRI-O require.
# Built with the distribution profile (whole-program optimization) on Debian, and run on the
# same Debian release, whose glibc the binary links to.
FROM docker.io/library/rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --locked --profile dist --bin dlx

FROM docker.io/library/debian:bookworm-slim
COPY --from=build /src/target/dist/dlx /usr/local/bin/dlx
USER 65534:65534
ENTRYPOINT ["dlx"]
