// Tables of the copyright domain (see the issue that builds it).
export {};
