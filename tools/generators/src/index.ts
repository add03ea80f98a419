export { domainGenerator, type DomainGeneratorSchema } from './domain/generator';
