// Tables of the product domain (see the issue that builds it).
export {};
