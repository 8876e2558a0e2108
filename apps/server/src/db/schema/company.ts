// Tables of the company domain (see the issue that builds it).
export {};
